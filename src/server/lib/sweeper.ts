import type { FastifyInstance } from 'fastify';

export type Job = () => Promise<unknown>;

/**
 * Runs clean-up jobs once when the server is ready (awaited: a restart clears what piled up) and
 * then every `intervalMs`, one run at a time. Several instances may sweep at once: each job must
 * be safe for that. A failing job is logged and does not stop the others or the server.
 */
export function registerSweeper(app: FastifyInstance, jobs: Record<string, Job>, intervalMs: number): void {
  let current: Promise<void> | null = null;
  let timer: NodeJS.Timeout | undefined;
  const sweep = async () => {
    for (const [name, job] of Object.entries(jobs)) {
      try {
        await job();
      } catch (error) {
        app.log.error({ err: error }, `clean-up "${name}" failed`);
      }
    }
  };
  const runOnce = () => (current ??= sweep().finally(() => (current = null)));
  app.addHook('onReady', async () => {
    await runOnce();
    timer = setInterval(() => void runOnce(), intervalMs);
    timer.unref();
  });
  app.addHook('preClose', async () => {
    clearInterval(timer);
    await current;
  });
}

// What happened to a draft, oldest first: saves, review requests, comments, schedules.
import { showTime } from './time';
import type { AuditEntry } from './types';

const WORDS: Record<string, string> = {
  'draft.save': 'saved a revision',
  'draft.review': 'asked for review',
  'draft.send-back': 'sent it back',
  'draft.discard': 'discarded it',
  'draft.schedule': 'scheduled it',
  'draft.unschedule': 'unscheduled it',
  'draft.preview-link': 'made a preview link',
  'preview.open': 'a device opened a preview link',
  'refused.preview-devices': 'a further device was refused a preview link',
  publish: 'published it',
  'schedule.failed': 'could not publish it on schedule',
};

const note = (e: AuditEntry) => {
  const d = e.detail ?? {};
  const text = d.comment ?? d.message ?? d.reason;
  return typeof text === 'string' && text ? `: “${text}”` : '';
};

export function DraftEvents({ events, zone }: { events: readonly AuditEntry[]; zone: string }) {
  return (
    <ol className="studio-events" aria-label="What happened">
      {events.map((e) => (
        <li key={e.id}>
          <time dateTime={e.at}>{showTime(e.at, zone)}</time> {e.actor === 'anonymous' ? '' : `${e.actor} `}
          {WORDS[e.action] ?? e.action}
          {note(e)}
        </li>
      ))}
    </ol>
  );
}

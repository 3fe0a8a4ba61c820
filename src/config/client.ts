// Browser side: the configuration the server put in the page, over the built-in defaults.
import { DEFAULT_CONFIG, pickConfig } from './load';
import { CONFIG_ELEMENT_ID } from './inject';
import type { AppConfig } from './types';

/**
 * Reads <script type="application/json" id="app-config">. Absent or broken (vite preview, a static
 * host) -> the defaults, with devPreview on in a development build so /testPreview works there.
 */
export function readClientConfig(doc: Document = document, dev = false): AppConfig {
  return configFromTag(doc.getElementById(CONFIG_ELEMENT_ID)?.textContent, dev);
}

/** The configuration as the page reads it from its tag's text (the server's first draw reads it so too). */
export function configFromTag(text: string | null | undefined, dev = false): AppConfig {
  const base: AppConfig = { ...DEFAULT_CONFIG, devPreview: dev || DEFAULT_CONFIG.devPreview };
  if (!text) return base;
  try {
    return { ...base, ...pickConfig(JSON.parse(text)) };
  } catch {
    return base;
  }
}

/** The theme colours of the config as the engine's CSS variables. */
export function applyTheme(config: AppConfig, root: HTMLElement = document.documentElement): void {
  if (config.themeBackground) root.style.setProperty('--brand', config.themeBackground);
  if (config.themeColor) root.style.setProperty('--on-brand', config.themeColor);
}

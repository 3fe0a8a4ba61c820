// Server side: the configuration from config/default.json, overridden by LENDER_* variables.
// Pure (no fs): the JSON is imported, so the browser bundle shares the same defaults.
import defaults from '../../config/default.json';
import type { AppConfig, ConfigKey } from './types';

export const DEFAULT_CONFIG: Readonly<AppConfig> = Object.freeze({ ...defaults });

/** Environment variable for each key. Documented in docs/config.md. */
export const CONFIG_ENV: Readonly<Record<ConfigKey, string>> = {
  appName: 'LENDER_APP_NAME',
  appCode: 'LENDER_APP_CODE',
  productName: 'LENDER_PRODUCT_NAME',
  packageName: 'LENDER_PACKAGE_NAME',
  apiBase: 'LENDER_API_BASE',
  h5Base: 'LENDER_H5_BASE',
  themeBackground: 'LENDER_THEME_BACKGROUND',
  themeColor: 'LENDER_THEME_COLOR',
  productDetailScheme: 'LENDER_PRODUCT_DETAIL_SCHEME',
  defaultServicePhone: 'LENDER_SERVICE_PHONE',
  serviceEmail: 'LENDER_SERVICE_EMAIL',
  currencySign: 'LENDER_CURRENCY_SIGN',
  devPreview: 'LENDER_DEV_PREVIEW',
  studio: 'LENDER_STUDIO',
  devTools: 'LENDER_DEV_TOOLS',
  lenderName: 'LENDER_NAME',
  lenderAddress: 'LENDER_ADDRESS',
  lenderWebsite: 'LENDER_WEBSITE',
  privacyPolicyUrl: 'LENDER_PRIVACY_POLICY_URL',
  allowedOrigins: 'LENDER_ALLOWED_ORIGINS',
  recommendModuleId: 'LENDER_RECOMMEND_MODULE_ID',
  trackUrl: 'LENDER_TRACK_URL',
  reportUrl: 'LENDER_REPORT_URL',
};

/** Coerces a raw value to the type of the default; a value that does not fit is ignored. */
function coerce(key: ConfigKey, raw: unknown): AppConfig[ConfigKey] | undefined {
  const kind = typeof DEFAULT_CONFIG[key];
  if (kind === 'boolean') {
    if (typeof raw === 'boolean') return raw;
    const text = String(raw).trim().toLowerCase();
    if (['1', 'true', 'yes', 'on'].includes(text)) return true;
    if (['0', 'false', 'no', 'off', ''].includes(text)) return false;
    return undefined;
  }
  if (kind === 'number') {
    const n = typeof raw === 'number' ? raw : Number(String(raw).trim());
    return String(raw).trim() !== '' && Number.isFinite(n) ? n : undefined;
  }
  return typeof raw === 'string' ? raw : raw === undefined || raw === null ? undefined : String(raw);
}

/** Known keys of `source`, coerced; unknown keys and values of the wrong shape are dropped. */
export function pickConfig(source: unknown): Partial<AppConfig> {
  const out: Partial<Record<ConfigKey, unknown>> = {};
  if (!source || typeof source !== 'object') return out as Partial<AppConfig>;
  for (const key of Object.keys(DEFAULT_CONFIG) as ConfigKey[]) {
    if (!Object.prototype.hasOwnProperty.call(source, key)) continue;
    const value = coerce(key, (source as Record<string, unknown>)[key]);
    if (value !== undefined) out[key] = value;
  }
  return out as Partial<AppConfig>;
}

/**
 * Defaults < environment < overrides (e.g. the demo server turns devPreview on). Unknown keys in
 * overrides are dropped, so a server object with secrets cannot leak into the page by accident.
 */
export function loadConfig(
  env: Record<string, string | undefined> = typeof process === 'undefined' ? {} : process.env,
  overrides: Partial<AppConfig> = {},
): AppConfig {
  const fromEnv: Partial<Record<ConfigKey, unknown>> = {};
  for (const [key, name] of Object.entries(CONFIG_ENV) as [ConfigKey, string][]) {
    if (env[name] !== undefined) fromEnv[key] = env[name];
  }
  return { ...DEFAULT_CONFIG, ...pickConfig(fromEnv), ...pickConfig(overrides) };
}

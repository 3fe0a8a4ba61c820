// The lender's configuration: one typed object, read by the server from config/default.json plus
// LENDER_* environment variables, and handed to the browser in the page (see inject.ts).
// Every key here is client-visible: never add a secret to this type.

export interface AppConfig {
  /** Display name of the app. */
  appName: string;
  /** The fixed app code sent as appName on registration (spec §9). */
  appCode: string;
  /** Product display name. */
  productName: string;
  /** The native app's package name. */
  packageName: string;
  /** Registration API base (checklist D-20). */
  apiBase: string;
  /** The H5 address ('' = this origin). */
  h5Base: string;
  /** Theme background (orange) and font colour (white), spec §9. */
  themeBackground: string;
  themeColor: string;
  /** Scheme URL for opening product detail in the native app; the product id is appended (D-39). */
  productDetailScheme: string;
  defaultServicePhone: string;
  serviceEmail: string;
  /** The loan-confirm variant's currency sign: '₱' by default, '₹' when set (D-49). */
  currencySign: string;
  /** Serve /testPreview (ruling 10). */
  devPreview: boolean;
  /** Serve the screen studio. */
  studio: boolean;
  lenderName: string;
  lenderAddress: string;
  lenderWebsite: string;
  /** The external privacy-policy page (D-33). */
  privacyPolicyUrl: string;
  /** moduleId sent to /service/event/save for recommendation taps (D-56). */
  recommendModuleId: number;
  /** Where Host.track sends beacons ('' = log in development only). */
  trackUrl: string;
  /** Where Host.report sends beacons ('' = console only). */
  reportUrl: string;
}

export type ConfigKey = keyof AppConfig;

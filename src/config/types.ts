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
  /** Development aids in the page: the "bridge: <name>" line outside the native app. */
  devTools: boolean;
  lenderName: string;
  lenderAddress: string;
  lenderWebsite: string;
  /** The privacy-policy page (D-33): our own /privacy screen by default, or another site's page. */
  privacyPolicyUrl: string;
  /**
   * Other sites screens may use, besides this app's own origin: http(s) origins separated by spaces
   * or commas. Pictures and frames load only from these (CSP img-src, frame-src, connect-src list
   * them), and a document may link to them by a written address (src/config/origins.ts).
   */
  allowedOrigins: string;
  /** moduleId sent to /service/event/save for recommendation taps (D-56). */
  recommendModuleId: number;
  /** Where event batches go (the reference server's /api/events; '' = none, logged in development). */
  trackUrl: string;
  /** Where Host.report sends beacons ('' = console only). */
  reportUrl: string;
}

export type ConfigKey = keyof AppConfig;

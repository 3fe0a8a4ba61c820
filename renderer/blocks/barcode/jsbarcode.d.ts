// Types for the one jsbarcode module we use: its CODE128 encoders (bars as a "1010..." string),
// taken alone so the DOM renderer and the other symbologies stay out of the bundle.
declare module 'jsbarcode/bin/barcodes/CODE128/index.js' {
  export class CODE128 {
    constructor(data: string, options: Record<string, unknown>);
    valid(): boolean;
    encode(): { data: string; text: string };
  }
}

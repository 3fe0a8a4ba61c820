/*
 * Demo images are generated, not shipped as files: tiny, deterministic, and obviously placeholders.
 * Every text that goes into an SVG is a constant from this file, so no escaping question arises.
 */

const LOGO_COLOURS = ['#ff7a00', '#2f80ed', '#27ae60', '#9b51e0', '#eb5757', '#f2c94c'];

function logo(initials: string, colour: string): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96">` +
    `<rect width="96" height="96" rx="20" fill="${colour}"/>` +
    `<text x="48" y="60" font-family="Arial,sans-serif" font-size="36" font-weight="700" ` +
    `text-anchor="middle" fill="#fff">${initials}</text></svg>`
  );
}

function statusImage(status: number, colour: string, label: string): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="750" height="320" viewBox="0 0 750 320">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${colour}"/>` +
    `<stop offset="1" stop-color="#ffb766"/></linearGradient></defs>` +
    `<rect width="750" height="320" fill="url(#g)"/>` +
    `<circle cx="640" cy="90" r="120" fill="#fff" fill-opacity="0.12"/>` +
    `<text x="40" y="290" font-family="Arial,sans-serif" font-size="22" fill="#fff" fill-opacity="0.7">` +
    `${label} · ${status}</text></svg>`
  );
}

function banner(title: string, colour: string): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="750" height="400" viewBox="0 0 750 400">` +
    `<rect width="750" height="400" fill="${colour}"/>` +
    `<text x="375" y="210" font-family="Arial,sans-serif" font-size="48" font-weight="700" ` +
    `text-anchor="middle" fill="#fff">${title}</text></svg>`
  );
}

/** name (as served under /assets-demo/) -> SVG text */
export function demoImages(): Map<string, string> {
  const images = new Map<string, string>();
  const products = ['PQ', 'CB', 'LL', 'FP', 'GC'];
  products.forEach((initials, i) =>
    images.set(`logo-${i + 1}.svg`, logo(initials, LOGO_COLOURS[i % LOGO_COLOURS.length] ?? '#ff7a00')),
  );
  const statuses: Array<[number, string, string]> = [
    [21, '#ff7a00', 'Awaiting withdrawal'],
    [110, '#f2994a', 'Under review'],
    [151, '#f2994a', 'Disbursing'],
    [174, '#eb5757', 'Due'],
    [180, '#c0392b', 'Overdue'],
    [200, '#27ae60', 'Settled'],
  ];
  for (const [status, colour, label] of statuses)
    images.set(`status-${status}.svg`, statusImage(status, colour, label));
  images.set('channel-gcash.svg', logo('G', '#0070e0'));
  images.set('channel-paymaya.svg', logo('PM', '#00a651'));
  images.set('channel-7eleven.svg', logo('7', '#f26f21'));
  images.set('channel-bank.svg', logo('B', '#333333'));
  images.set('pay-help.svg', banner('How to pay', '#2f80ed'));
  images.set('promo-banner-1.svg', banner('Cash in 5 minutes', '#ff7a00'));
  images.set('promo-banner-2.svg', banner('Up to ₱20,000', '#9b51e0'));
  return images;
}

export const demoImageUrl = (name: string): string => `/assets-demo/${name}`;

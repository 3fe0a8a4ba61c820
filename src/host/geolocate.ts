// Host.geolocate: the device position, or null when unsupported, denied or too slow.

export const GEO_TIMEOUT_MS = 10_000;

export function geolocate(
  geo: Geolocation | undefined = typeof navigator === 'undefined' ? undefined : navigator.geolocation,
  timeoutMs = GEO_TIMEOUT_MS,
): Promise<{ latitude: number; longitude: number } | null> {
  if (!geo) return Promise.resolve(null);
  return new Promise((resolve) => {
    // Some webviews never call back at all; our own timer settles anyway.
    const timer = setTimeout(() => resolve(null), timeoutMs + 1000);
    const done = (value: { latitude: number; longitude: number } | null) => {
      clearTimeout(timer);
      resolve(value);
    };
    try {
      geo.getCurrentPosition(
        (pos) => done({ latitude: pos.coords.latitude, longitude: pos.coords.longitude }),
        () => done(null),
        { timeout: timeoutMs, maximumAge: 60_000 },
      );
    } catch {
      done(null);
    }
  });
}

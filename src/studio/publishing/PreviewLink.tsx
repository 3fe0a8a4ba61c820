// A signed, expiring link that opens the draft in the real app, with a QR code for a phone. The
// server refuses a draft with errors; the link stops working when it expires or the draft is
// published or discarded, and opens on its first few devices only (a draft is not reviewed).
import { useState } from 'react';
import type { StudioApi } from '../api';
import { QrCode } from './QrCode';
import { showTime } from './time';

export function PreviewLink({
  api,
  draftId,
  query = '',
}: {
  api: StudioApi;
  draftId: number;
  query?: string;
}) {
  const [link, setLink] = useState<{ url: string; expiresAt: string; devices: number } | null>(null);
  const [error, setError] = useState('');

  async function make() {
    setError('');
    const reply = await api.call<{ path: string; url: string | null; expiresAt: string; devices: number }>(
      'POST',
      `/drafts/${draftId}/preview-link`,
    );
    if (!reply.ok) return setError(reply.message);
    const base = reply.body.url ?? new URL(reply.body.path, window.location.origin).href;
    setLink({
      url: query ? `${base}?${query}` : base,
      expiresAt: reply.body.expiresAt,
      devices: reply.body.devices,
    });
  }

  return (
    <section className="studio-preview-link" aria-label="Preview on a phone">
      <button type="button" onClick={() => void make()}>
        {link ? 'New preview link' : 'Preview on a phone'}
      </button>
      {error && (
        <p className="studio-alert" role="alert">
          No preview link: {error}
        </p>
      )}
      {link && (
        <div className="studio-preview-link-body">
          <QrCode text={link.url} label="QR code of the preview link" />
          <p>
            <a href={link.url} target="_blank" rel="noopener">
              {link.url}
            </a>
          </p>
          <p className="studio-expiry">
            Works until {showTime(link.expiresAt, api.session.timeZone)} ({api.session.timeZone}), and only
            while the draft is open.
          </p>
          <p className="studio-preview-devices">
            It opens on the first {link.devices} devices only: scan it with the phone you test on, and do not
            share it.
          </p>
        </div>
      )}
    </section>
  );
}

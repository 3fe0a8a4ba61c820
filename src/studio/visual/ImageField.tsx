// The property panel's picture field (issue 25 item 2, `x-input: image`): the address as text, a
// picker of the pictures uploaded in the studio, and an Upload button. The chosen or uploaded
// picture's address (/media/<sha-256>.<ext>, on the borrower's origin) is written as one edit.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { StudioAsset } from '../../wire/studio';
import type { AssetSource } from './assetSource';

interface Props {
  /** The field's name as its label says it ("Src"). */
  label: string;
  value: string;
  assets: AssetSource;
  onValue(url: string): void;
  /** The address as a text box (the panel's own input). */
  children: ReactNode;
}

const ACCEPT = 'image/png,image/jpeg,image/gif,image/webp';
const kb = (bytes: number) => `${Math.max(1, Math.round(bytes / 1024))} KB`;
/** An app path the studio's page can show too (its port serves the same pictures). */
const shown = (url: string) => /^\/(?!\/)/.test(url);

export function ImageField({ label, value, assets, onValue, children }: Props) {
  const [list, setList] = useState<StudioAsset[] | null>(null);
  const [status, setStatus] = useState<{ error: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  /** Why the uploaded pictures could not be listed (the server's sentence). */
  const [listError, setListError] = useState<string | null>(null);
  const file = useRef<HTMLInputElement>(null);

  useEffect(() => {
    let live = true;
    assets.list().then(
      (found) => live && setList(found),
      (e: unknown) => {
        if (!live) return;
        setList(null);
        setListError(e instanceof Error ? e.message : String(e));
      },
    );
    return () => {
      live = false;
    };
  }, [assets]);

  async function upload(chosen: File) {
    setBusy(true);
    setStatus({ error: false, text: `Uploading ${chosen.name}…` });
    const result = await assets.upload(chosen);
    setBusy(false);
    if (!result.ok) return setStatus({ error: true, text: result.message });
    const { asset } = result;
    setList((prev) => [asset, ...(prev ?? []).filter((a) => a.name !== asset.name)]);
    setStatus({ error: false, text: `Uploaded ${asset.label}` });
    onValue(asset.url);
  }

  const known = list?.some((a) => a.url === value) ?? false;
  return (
    <div className="studio-prop-image">
      {children}
      {shown(value) && <img className="studio-prop-thumb" src={value} alt="" />}
      <span className="studio-prop-image-tools">
        <select
          aria-label={`${label}: uploaded pictures`}
          value={known ? value : ''}
          onChange={(e) => e.target.value && onValue(e.target.value)}
        >
          <option value="">
            {listError !== null && list === null
              ? 'The uploaded pictures could not be listed'
              : list === null
                ? 'Loading pictures…'
                : list.length > 0
                  ? 'Choose an uploaded picture'
                  : 'No picture uploaded yet'}
          </option>
          {list?.map((a) => (
            <option key={a.name} value={a.url}>
              {a.label} ({kb(a.size)})
            </option>
          ))}
        </select>
        <button type="button" disabled={busy} onClick={() => file.current?.click()}>
          Upload picture…
        </button>
        <input
          ref={file}
          type="file"
          accept={ACCEPT}
          hidden
          aria-label={`${label}: picture to upload`}
          onChange={(e) => {
            const chosen = e.target.files?.[0];
            e.target.value = '';
            if (chosen) void upload(chosen);
          }}
        />
      </span>
      {listError !== null && list === null && (
        <p className="studio-prop-problem" role="alert">
          {listError}
        </p>
      )}
      {status && (
        <p
          className={status.error ? 'studio-prop-problem' : 'studio-prop-help'}
          role={status.error ? 'alert' : 'status'}
        >
          {status.text}
        </p>
      )}
    </div>
  );
}

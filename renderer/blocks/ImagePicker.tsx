import { useId, useMemo, type ChangeEvent } from 'react';
import type { BlockProps } from '../block';
import type { ImagePickerBlock } from '../types.gen';
import { useEngine } from '../engine';
import { useEval } from '../hooks';
import { toText } from '../expr/values';
import { loadableUrl } from '../url';
import { styleClass } from '../style';
import { useBinding } from './form/useBinding';
import { useObjectUrls } from './imagePicker/useObjectUrls';
import { useUploadQueue } from './imagePicker/useUploadQueue';
import './form/form.css';
import './ImagePicker.css';

export default function ImagePicker({ block, path, frame }: BlockProps<ImagePickerBlock>) {
  const inputId = useId();
  const { host, vouched } = useEngine();
  const evaluate = useEval(frame);
  const [bound, setBound] = useBinding(block.bind, frame);
  const urls = useMemo(() => (Array.isArray(bound) ? (bound as unknown[]) : []), [bound]);
  const local = useObjectUrls(urls);
  const max = block.max ?? 9;
  const { pending, enqueue } = useUploadQueue(block, max, path, frame);
  const room = Math.max(0, max - urls.length - pending);
  const label = toText(evaluate(block.label));

  const pick = (e: ChangeEvent<HTMLInputElement>) => {
    // Picks beyond the room left are ignored (a 10th image of 9).
    const files = Array.from(e.target.files ?? []).slice(0, room);
    e.target.value = '';
    enqueue(files);
  };

  return (
    <div className={`blk-imagePicker form-field ${styleClass(block.style)}`} aria-busy={pending > 0}>
      <div className="blk-imagePicker-head">
        <span className="form-label">{label}</span>
        <span className="blk-imagePicker-count">{`${urls.length}/${max}`}</span>
      </div>
      <ul className="blk-imagePicker-grid">
        {urls.map((url, i) => {
          const src = url instanceof Blob ? (local.get(url) ?? null) : loadableUrl(host, url, vouched);
          return (
            <li
              key={url instanceof Blob ? `${i}-local` : `${i}-${String(url)}`}
              className="blk-imagePicker-tile"
            >
              {src && <img src={src} alt={`${label} ${i + 1}`} loading="lazy" />}
              <button
                type="button"
                className="blk-imagePicker-remove"
                aria-label={`Remove image ${i + 1}`}
                onClick={() => setBound(urls.filter((_, j) => j !== i))}
              >
                ×
              </button>
            </li>
          );
        })}
        {pending > 0 && (
          <li className="blk-imagePicker-tile is-busy" role="status">
            <span className="blk-imagePicker-spinner" aria-hidden="true" />
            <span className="form-sr-only">Uploading</span>
          </li>
        )}
        <li className={room > 0 ? 'blk-imagePicker-tile is-add' : 'blk-imagePicker-tile is-add is-full'}>
          <label htmlFor={inputId} className="blk-imagePicker-add" aria-hidden="true">
            +
          </label>
          <input
            id={inputId}
            className="form-sr-only"
            type="file"
            accept={block.accept ?? 'image/*'}
            multiple
            aria-label={label}
            disabled={room <= 0}
            onChange={pick}
          />
        </li>
      </ul>
    </div>
  );
}

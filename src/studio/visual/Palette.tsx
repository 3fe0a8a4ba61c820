// The palette (issue 25 item 4): the block types, grouped by kind (their schema's x-group),
// searchable, each with its description; choosing one inserts its starting value (x-scaffold)
// before, after or inside the selected block. Enter in the search adds the closest match, marked
// in the list and named under the search.
import { useId, useMemo, useState } from 'react';
import { bestMatch, searchPalette, type PaletteEntry } from './palette';

interface Props {
  canInside: boolean;
  canBeside: boolean;
  onAdd(entry: PaletteEntry, where: 'before' | 'after' | 'inside'): void;
  onClose(): void;
}

export function Palette({ canInside, canBeside, onAdd, onClose }: Props) {
  const [query, setQuery] = useState('');
  const [where, setWhere] = useState<'before' | 'after' | 'inside'>(canBeside ? 'after' : 'inside');
  const groups = useMemo(() => searchPalette(query), [query]);
  const best = bestMatch(groups, query);
  const hint = useId();
  return (
    <section
      className="studio-palette"
      aria-label="Add a block"
      onKeyDown={(e) => e.key === 'Escape' && onClose()}
    >
      <div className="studio-palette-bar">
        <input
          type="search"
          aria-label="Search blocks"
          placeholder="Search blocks"
          value={query}
          autoFocus
          aria-describedby={best ? hint : undefined}
          onChange={(e) => setQuery(e.target.value)}
          onKeyDown={(e) => {
            if (e.key !== 'Enter' || !best) return;
            e.preventDefault();
            onAdd(best, where);
          }}
        />
        <select aria-label="Where" value={where} onChange={(e) => setWhere(e.target.value as typeof where)}>
          {canBeside && <option value="after">After the selected block</option>}
          {canBeside && <option value="before">Before the selected block</option>}
          {canInside && <option value="inside">Inside the selection, at the end</option>}
        </select>
        <button type="button" onClick={onClose}>
          Close
        </button>
      </div>
      {best && (
        <p id={hint} className="studio-palette-hint">
          Enter adds “{best.title}”
        </p>
      )}
      <div className="studio-palette-list">
        {groups.map((g) => (
          <div key={g.group} role="group" aria-label={g.group}>
            <h3 className="studio-palette-group">{g.group}</h3>
            {g.entries.map((e) => (
              <button
                key={e.type}
                type="button"
                className={`studio-palette-entry${e === best ? ' studio-palette-best' : ''}`}
                title={e.description}
                onClick={() => onAdd(e, where)}
              >
                <strong>
                  {e.title}
                  {e === best && (
                    <kbd className="studio-palette-enter" aria-hidden="true">
                      ↵ Enter
                    </kbd>
                  )}
                </strong>
                <span>{e.description.split('. ')[0]}</span>
              </button>
            ))}
          </div>
        ))}
        {groups.length === 0 && <p className="studio-prop-note">No block matches “{query}”.</p>}
      </div>
    </section>
  );
}

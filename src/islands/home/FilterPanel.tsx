// 'Filter by Bank' / 'Filter by Category' (spec §2 Home): a button that opens a panel of options.
// Choosing an option applies it at once (or removes it when chosen), which reloads the offers,
// and closes the panel. Escape, a click outside or leaving the panel with Tab close it too.
import { useEffect, useId, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { apiImageSrc } from '../../lib/api-images.ts';
import { toggleFilter, type FilterKind } from '../../stores/offer-filters.ts';
import ChosenCount, { chosenLabel } from './ChosenCount.tsx';
import { KIND_NAMES, type FilterOption } from './filter-options.ts';

interface Props {
  kind: FilterKind;
  options: FilterOption[];
  chosen: readonly number[];
}

export default function FilterPanel({ kind, options, chosen }: Props) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const title = KIND_NAMES[kind].filterBy();

  useEffect(() => {
    if (!open) return;
    const closeOutside = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOutside);
    return () => document.removeEventListener('pointerdown', closeOutside);
  }, [open]);

  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) trigger.current?.focus();
  };
  const choose = (option: FilterOption) => {
    toggleFilter(kind, option.id);
    close(true);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open) {
      event.stopPropagation();
      close(true);
    }
  };
  // Tab moving focus out closes it. A click elsewhere is the pointerdown listener's: some browsers
  // do not focus a clicked button, so a blur towards nothing may be a click on an option.
  const onBlur = (event: FocusEvent) => {
    const next = event.relatedTarget as Node | null;
    if (open && next && !root.current?.contains(next)) setOpen(false);
  };

  return (
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions -- Escape and leaving the panel, heard from the controls inside it
    <div ref={root} className="filter-panel" onKeyDown={onKeyDown} onBlur={onBlur}>
      <button
        ref={trigger}
        type="button"
        className="filter-bar-button"
        aria-expanded={open}
        aria-controls={`${id}-panel`}
        aria-label={chosenLabel(title, chosen.length)}
        onClick={() => setOpen(!open)}
      >
        {KIND_NAMES[kind].title()}
        <ChosenCount count={chosen.length} />
        <svg
          className="filter-panel-caret"
          aria-hidden="true"
          width="14"
          height="14"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="3"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <path d="m6 9 6 6 6-6" />
        </svg>
      </button>
      <div
        id={`${id}-panel`}
        className="filter-panel-popup card"
        hidden={!open}
        role="group"
        aria-labelledby={`${id}-title`}
      >
        <p id={`${id}-title`} className="filter-panel-title">
          {title}
        </p>
        {/* The options exist while the panel is open: closed, they would be a hundred elements and
            their icons for the page to parse, lay out and hydrate at load, for nobody to see. */}
        {open && (
          <ul className="filter-panel-options">
            {options.map((option) => (
              <li key={option.id}>
                <button
                  type="button"
                  className="filter-option"
                  aria-pressed={chosen.includes(option.id)}
                  onClick={() => choose(option)}
                >
                  <img src={apiImageSrc(option.imageUrl)} alt="" width={24} height={24} loading="lazy" />
                  <span>{option.name}</span>
                  <span className="filter-option-check" aria-hidden="true">
                    ✓
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

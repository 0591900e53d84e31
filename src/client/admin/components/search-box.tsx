import { Search } from 'lucide-react';
import { Input, inputClass } from './ui';

/** A search field with its magnifier, for the lists the newsroom filters as it types (the media library, its picker). */
export function SearchBox(props: {
  label: string;
  placeholder: string;
  value: string;
  onChange: (v: string) => void;
  /** Its box's own layout in the row or grid around it. */
  className?: string;
}) {
  return (
    <div className={`relative ${props.className ?? ''}`}>
      <Search className="pointer-events-none absolute start-2 top-2.5 size-4 text-slate-500" aria-hidden="true" />
      <Input
        type="search"
        aria-label={props.label}
        placeholder={props.placeholder}
        className={`${inputClass} ps-8`}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
      />
    </div>
  );
}

import { textOn } from '../lib/color';
import { Link } from 'wouter';

export function CategoryBadge({ slug, name, color }: { slug: string; name: string; color: string }) {
  return (
    <Link
      to={`/category/${slug}`}
      className="inline-block rounded px-2 text-xs font-bold leading-6 hover:opacity-90"
      style={{ backgroundColor: color, color: textOn(color) }}
    >
      {name}
    </Link>
  );
}

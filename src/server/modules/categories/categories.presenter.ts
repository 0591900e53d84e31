import type { Category } from '../../../shared/schemas/categories';
import type { CategoryRow } from './categories.repository';

export function presentCategory(row: CategoryRow): Category {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    description: row.description,
    color: row.color,
    isActive: row.isActive,
    order: row.position,
    createdAt: row.createdAt.toISOString(),
  };
}

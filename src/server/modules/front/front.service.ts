/** What the front page needs beyond SPEC's lists: a block per active section with its newest stories. */
import type { FrontRepository } from './front.repository';

export function frontService(deps: { repo: FrontRepository }) {
  return {
    sectionBlocks: (limit: number) => deps.repo.sectionBlocks(limit),
  };
}
export type FrontService = ReturnType<typeof frontService>;

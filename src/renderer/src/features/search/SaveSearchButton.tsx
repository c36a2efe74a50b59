// The star in the search box: keeps the current query under "Saved searches" in the folder tree, or lets it go.
import { StarIcon } from './StarIcon';
import { useSavedSearches } from './useSavedSearches';

export function SaveSearchButton({ query }: { query: string }) {
  const { isSaved, save, remove } = useSavedSearches();
  const saved = isSaved(query);
  const label = saved ? 'Remove from saved searches' : 'Save this search';
  return (
    <button
      type="button"
      className={`search-save ${saved ? 'is-saved' : ''}`}
      aria-pressed={saved}
      aria-label={label}
      title={label}
      onMouseDown={(event) => event.preventDefault()}
      onClick={() => (saved ? remove(query) : save(query))}
      data-testid="save-search"
    >
      <StarIcon size={17} />
    </button>
  );
}

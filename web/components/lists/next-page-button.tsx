import { Button } from '../button';
import type { ButtonSize } from '../button-styles';

/** What a list paged with react-query's useInfiniteQuery knows of its next page. */
export type NextPageState = {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
};

type NextPageButtonProps = {
  pages: NextPageState;
  /** The button's words while all is well, e.g. 'Load more'. */
  label: string;
  /** Said (as an alert) when the next page failed; the rows already shown stay. */
  failedText: string;
  onLoad: () => unknown;
  size?: ButtonSize;
};

/**
 * A paged list's next-page control: the button spins while the page comes, and after a failure an
 * alert says so and the button offers 'Try again'. Nothing once the list has no next page. The
 * caller places it (its own wrapper, under the list) and moves focus if it wants to.
 */
export function NextPageButton({ pages, label, failedText, onLoad, size }: NextPageButtonProps) {
  if (!pages.hasNextPage) return null;
  return (
    <>
      {pages.isFetchNextPageError && (
        <p role="alert" className="text-sm text-red-700">
          {failedText}
        </p>
      )}
      <Button variant="secondary" size={size} pending={pages.isFetchingNextPage} onClick={onLoad}>
        {pages.isFetchNextPageError ? 'Try again' : label}
      </Button>
    </>
  );
}

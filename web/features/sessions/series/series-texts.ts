/** The words of a session's series as a member sees it. */
export const SERIES_TEXTS = {
  /** 'Repeats: Weekly on Mon, Wed, until 03/30/2027' */
  repeats: 'Repeats',
};

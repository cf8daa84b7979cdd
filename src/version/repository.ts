// Where the project lives online: the docs links of reports (SARIF rules, Code Quality) and
// of `--help` point here when no local copy of docs/ is at hand.
export const REPOSITORY_URL = 'https://github.com/monitors-as-code/monitors';

/** The online page of a docs/ file, with an optional #anchor. */
export function docsUrl(page: string): string {
  return `${REPOSITORY_URL}/blob/main/docs/${page}`;
}

// What `monitors ci` reads of an issue and of an issue comment on the hosts whose API is
// GitHub's shape (GitHub, and Gitea and Forgejo after it): only the fields it uses, the
// rest of each object tolerated.

export interface IssueComment {
  id: number;
  body?: string;
  html_url?: string;
}

export interface IssueShape {
  number: number;
  body?: string | null;
  html_url?: string;
  /** Present on a pull request, which the issues listing includes. */
  pull_request?: unknown;
}

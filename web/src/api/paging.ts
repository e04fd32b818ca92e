/** Grafana's search paging: `?query=…&perpage=…&page=…`. */
export interface PageParams {
  query: string;
  perPage: number;
  page: number;
}

export const pageQuery = ({ query, perPage, page }: PageParams): string =>
  `?${new URLSearchParams({ query, perpage: String(perPage), page: String(page) })}`;

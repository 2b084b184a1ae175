/** What one check of `portal-gateway --check` found: passed, failed (with the fix), or had nothing to check. */
export type CheckResult =
  | { readonly outcome: 'pass'; readonly summary: string }
  | { readonly outcome: 'fail'; readonly summary: string; readonly fix: string }
  | { readonly outcome: 'skip'; readonly summary: string };

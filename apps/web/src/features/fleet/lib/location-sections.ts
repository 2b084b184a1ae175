/** The machine groups of one location: one section of the machine list's accordion. */
export interface LocationSection<Group> {
  /** The location as written; '' for groups without one. */
  location: string;
  groups: Group[];
}

/**
 * The groups by location, locations in alphabetical order (accents and case aside) with the groups
 * without a location last, and each section's groups by name.
 */
export function sectionsByLocation<Group extends { name: string; location: string }>(
  groups: readonly Group[],
  language: string,
): LocationSection<Group>[] {
  const collator = new Intl.Collator(language, { sensitivity: 'base', numeric: true });
  const byLocation = new Map<string, Group[]>();
  for (const group of groups) {
    const location = group.location.trim();
    const section = byLocation.get(location);
    if (section) section.push(group);
    else byLocation.set(location, [group]);
  }
  return [...byLocation]
    .sort(([a], [b]) => (a === '' ? 1 : b === '' ? -1 : collator.compare(a, b)))
    .map(([location, members]) => ({
      location,
      groups: members.sort((a, b) => collator.compare(a.name, b.name)),
    }));
}

/** Field bounds decided in docs/design.md §3, shared by server validation and client forms. */
export const LIMITS = {
  nameMax: 100,
  emailMax: 254,
  phoneMax: 32,
  postalCodeMax: 99_999,
  businessNameMax: 200,
  streetMax: 200,
  /** City, province and country. */
  placeMax: 100,
  locationMax: 100,
  descriptionMax: 2000,
  /** The most copies one print-queue job asks for. */
  queueCopiesMax: 100,
  ticketTitleMax: 200,
  /** Ticket descriptions, answers and news items. */
  ticketBodyMax: 20_000,
  feedTitleMax: 200,
  passwordMin: 8,
  /** argon2 hashes cost memory and time: refuse absurd inputs before hashing. */
  passwordMax: 256,
  /** A library file's name (docs/design.md §13): a file name on a board's card stays well under it. */
  libraryNameMax: 255,
  /** A library folder's whole path, its names joined by '/'. */
  libraryFolderMax: 1000,
  /** The largest file the library takes: a long print's G-code is a few hundred MiB at most. */
  libraryFileBytesMax: 1024 * 1024 * 1024,
} as const;

/** Postal codes are numbers 0-99999 shown zero-padded to five digits. */
export const formatPostalCode = (cap: number): string => String(cap).padStart(5, '0');

/**
 * Visitors in these timezones do not see the buy option (spec §9 "Restricted timezones: a list of Chinese
 * regions"): the mainland's zones, their legacy aliases, Hong Kong and Macau. Compared case-insensitively,
 * as IANA names arrive in either case from some runtimes.
 */
const restricted: ReadonlySet<string> = new Set([
  "asia/shanghai",
  "asia/beijing",
  "asia/chongqing",
  "asia/chungking",
  "asia/harbin",
  "asia/kashgar",
  "asia/urumqi",
  "asia/hong_kong",
  "asia/macau",
  "asia/macao",
  "prc",
  "hongkong"
])

export const isRestrictedTimezone = (timeZone: string | undefined): boolean =>
  timeZone !== undefined && restricted.has(timeZone.toLowerCase())

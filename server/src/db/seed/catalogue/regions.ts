/** A row of the regions table: a country (or one of the UK's nations) a holding can be in. */
export interface RegionSeed {
  id: number;
  name: string;
  /** ISO 3166-1 alpha-2; the four UK nations share GB. */
  countryCode: string;
  /**
   * True where the whole territory is treated as a nitrate vulnerable zone, so every holding there follows the
   * NVZ rules whatever its own flag says. These are the places that apply the Nitrates Directive action
   * programme to their whole territory (Article 3(5)), plus Wales, whose 2021 regulations do the same.
   */
  nvzMandatory: boolean;
  /** Offered in the region lists: the markets the product has rules and reference data for. */
  configured: boolean;
}

function region(id: number, name: string, countryCode: string, nvzMandatory = false): RegionSeed {
  return { id, name, countryCode, nvzMandatory, configured: id <= 5 };
}

/** England, Scotland and Wales keep ids 1, 2 and 3 from the specification; Northern Ireland is 4, Ireland 5. */
export const regions: RegionSeed[] = [
  region(1, 'England', 'GB'),
  region(2, 'Scotland', 'GB'),
  region(3, 'Wales', 'GB', true),
  region(4, 'Northern Ireland', 'GB', true),
  region(5, 'Republic of Ireland', 'IE', true),
  region(6, 'France', 'FR'),
  region(7, 'Germany', 'DE', true),
  region(8, 'Netherlands', 'NL', true),
  region(9, 'Belgium', 'BE'),
  region(10, 'Luxembourg', 'LU', true),
  region(11, 'Denmark', 'DK', true),
  region(12, 'Sweden', 'SE'),
  region(13, 'Norway', 'NO'),
  region(14, 'Finland', 'FI', true),
  region(15, 'Poland', 'PL', true),
  region(16, 'Czech Republic', 'CZ'),
  region(17, 'Slovakia', 'SK'),
  region(18, 'Hungary', 'HU'),
  region(19, 'Romania', 'RO', true),
  region(20, 'Bulgaria', 'BG'),
  region(21, 'Austria', 'AT', true),
  region(22, 'Switzerland', 'CH'),
  region(23, 'Spain', 'ES'),
  region(24, 'Portugal', 'PT'),
  region(25, 'Italy', 'IT'),
  region(26, 'Greece', 'GR'),
  region(27, 'Slovenia', 'SI', true),
  region(28, 'Croatia', 'HR'),
  region(29, 'Serbia', 'RS'),
  region(30, 'Estonia', 'EE'),
  region(31, 'Latvia', 'LV'),
  region(32, 'Lithuania', 'LT', true),
  region(33, 'Ukraine', 'UA'),
  region(34, 'Moldova', 'MD'),
  region(35, 'Malta', 'MT', true),
  region(36, 'Cyprus', 'CY'),
  region(37, 'Iceland', 'IS'),
  region(38, 'Turkey', 'TR'),
  region(39, 'Bosnia and Herzegovina', 'BA'),
  region(40, 'North Macedonia', 'MK'),
  region(41, 'Albania', 'AL'),
  region(42, 'Montenegro', 'ME'),
  region(43, 'Isle of Man', 'IM'),
  region(44, 'Jersey', 'JE'),
  region(45, 'Guernsey', 'GG'),
  region(46, 'United States', 'US'),
  region(47, 'Canada', 'CA'),
  region(48, 'Australia', 'AU'),
  region(49, 'New Zealand', 'NZ'),
  region(50, 'South Africa', 'ZA'),
];

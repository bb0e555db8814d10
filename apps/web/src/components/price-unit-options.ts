import { PRICE_UNITS } from '@bec/contracts';

/** The units a price or a price bound is given in, for a segmented control: "CLP" and "UF". */
export const PRICE_UNIT_OPTIONS = PRICE_UNITS.map((unit) => ({ value: unit, label: unit }));

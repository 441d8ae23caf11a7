import { formatHectares, hectaresFromSquareMetres, roundLength } from '@headland/domain/units';

/** A length as the tools show it: whole metres, without the unit ('1234'). */
export function lengthText(metres: number): string {
  return String(roundLength(metres));
}

/** An area as the tools show it: hectares with 2 decimals, without the unit ('12.30'). */
export function areaText(squareMetres: number): string {
  return formatHectares(hectaresFromSquareMetres(squareMetres));
}

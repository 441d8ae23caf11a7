import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Autocomplete, Loader } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { transformExtent } from 'ol/proj.js';
import type { FieldMap } from '../../map/FieldMap.ts';
import { dataProjection, viewProjection } from '../../map/projections.ts';
import { createBingGeocoder } from '../../map/search/bingGeocoder.ts';
import { createGazetteerGeocoder } from '../../map/search/gazetteerGeocoder.ts';
import { isSearchable, maxGeocodeResults, withFallback } from '../../map/search/geocoder.ts';

export interface PlaceSearchProps {
  fieldMap: FieldMap | null;
  /** The maps provider's key; without one the built-in gazetteer answers alone. */
  mapsKey: string | null;
  /** The holding's country, to prefer its places. */
  regionSuffix: string | null;
}

/**
 * The place search at the top of the map: from 3 characters it lists up to 10 places or postcode districts, and
 * choosing one takes the map there.
 */
export function PlaceSearch({ fieldMap, mapsKey, regionSuffix }: PlaceSearchProps) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [debounced] = useDebouncedValue(text, 250);
  const geocoder = useMemo(() => {
    const gazetteer = createGazetteerGeocoder();
    return mapsKey ? withFallback(createBingGeocoder({ key: mapsKey }), gazetteer) : gazetteer;
  }, [mapsKey]);
  const search = useQuery({
    queryKey: ['placeSearch', debounced.trim(), regionSuffix, mapsKey !== null],
    queryFn: ({ signal }) =>
      geocoder.search({ text: debounced, maxResults: maxGeocodeResults, regionSuffix, signal }),
    enabled: isSearchable(debounced),
    staleTime: Infinity,
  });
  const results = useMemo(() => search.data ?? [], [search.data]);
  const searching = search.isFetching;

  const goTo = (name: string) => {
    const result = results.find((each) => each.name === name);
    if (!result || !fieldMap) return;
    const extent = transformExtent([...result.bbox], dataProjection, viewProjection);
    fieldMap.map.getView().fit(extent, { duration: 400, maxZoom: 17 });
  };

  const label = t('map.search.label');
  return (
    <Autocomplete
      aria-label={label}
      placeholder={label}
      size="xs"
      w={300}
      value={text}
      onChange={setText}
      data={isSearchable(text) ? results.map((result) => result.name) : []}
      filter={({ options }) => options}
      limit={maxGeocodeResults}
      onOptionSubmit={goTo}
      comboboxProps={{ withinPortal: false }}
      rightSection={searching ? <Loader size={12} /> : null}
    />
  );
}

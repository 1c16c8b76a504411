import { useEffect, useMemo, useState } from 'react';
import { REACH_KINDS, REACH_MIN_COUNT, type ReachKind } from '@wpc/shared/team';
import type { ImpactReport } from '@wpc/shared/team/impact-schemas';
import consoleStyles from '../TeamConsole.module.css';
import { ChoiceField } from '../controls';
import { ChartSection } from './ChartSection';
import type { Column } from './csv';
import { REACH_KIND_LABELS } from './labels';
import { fipsOf, loadAtlas, reachMap, type MapLevel } from './reach-map';

type Reach = ImpactReport['reach'][number];
interface RegionRow {
  readonly region: string;
  readonly level: string;
  readonly count: number;
}

const LEVEL_LABELS: Readonly<Record<MapLevel, string>> = { state: 'US states', county: 'US counties' };
const COLUMNS: readonly Column<RegionRow>[] = [
  { label: 'Region', value: (row) => row.region },
  { label: 'Kind of region', value: (row) => row.level },
  { label: 'Count', value: (row) => row.count, numeric: true },
];

/** Every region of a kind with its count, then "other" (folded, under the threshold) and "unknown". */
function rowsOf(reach: Reach | undefined): RegionRow[] {
  if (!reach) return [];
  const regions = [...reach.regions]
    .sort((a, b) => b.count - a.count)
    .map((region) => ({ region: region.name, level: region.level, count: region.count }));
  return [
    ...regions,
    { region: 'Other', level: `Regions under ${REACH_MIN_COUNT}`, count: reach.other },
    { region: 'Unknown', level: 'Codes that match no region', count: reach.unknown },
  ];
}

/**
 * Where the scorecard reaches: a choropleth of US states or counties (us-atlas, loaded when first
 * shown), Canadian provinces in the table only, every region under REACH_MIN_COUNT in "other".
 */
export function ReachSection({ reach }: { readonly reach: ImpactReport['reach'] }) {
  const [kind, setKind] = useState<ReachKind>('download');
  const [level, setLevel] = useState<MapLevel>('state');
  const [atlas, setAtlas] = useState<{ level: MapLevel; data: Awaited<ReturnType<typeof loadAtlas>> }>();
  const [failed, setFailed] = useState(false);
  const current = reach.find((entry) => entry.kind === kind);

  useEffect(() => {
    let live = true;
    loadAtlas(level).then(
      (data) => live && setAtlas({ level, data }),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [level]);

  const draw = useMemo(() => {
    if (!current || atlas?.level !== level) return undefined;
    const counts = new Map<string, number>();
    for (const region of current.regions) {
      const fips = region.level === level ? fipsOf(level, region.code) : undefined;
      if (fips) counts.set(fips, region.count);
    }
    return reachMap(atlas.data, level, counts);
  }, [current, atlas, level]);

  const rows = rowsOf(current);
  const shaded = current?.regions.filter((region) => region.level === level).length ?? 0;
  return (
    <ChartSection
      id="impact-reach"
      title="Reach"
      intro={`Where the scorecard is used, from the zip or postal code people gave. A region is shown when it holds ${REACH_MIN_COUNT} or more; smaller counts are folded into “Other”.`}
      summary={`Map of ${LEVEL_LABELS[level]}: ${shaded} shaded for ${REACH_KIND_LABELS[kind].toLowerCase()}.`}
      draw={draw}
      columns={COLUMNS}
      rows={rows}
      filename={`impact-reach-${kind}.csv`}
    >
      <div className={consoleStyles.filters}>
        <ChoiceField
          id="impact-reach-kind"
          label="What"
          choices={REACH_KINDS}
          labels={REACH_KIND_LABELS}
          value={kind}
          onChange={(value) => setKind(value as ReachKind)}
        />
        <ChoiceField
          id="impact-reach-level"
          label="Map by"
          choices={Object.keys(LEVEL_LABELS) as MapLevel[]}
          labels={LEVEL_LABELS}
          value={level}
          onChange={(value) => setLevel(value as MapLevel)}
        />
      </div>
      {failed && <p role="alert">The map could not be loaded; the table below has every number.</p>}
      <p>Canadian provinces are listed in the table only: no well-kept package offers their shapes offline.</p>
    </ChartSection>
  );
}

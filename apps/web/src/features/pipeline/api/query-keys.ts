import type { PropertyStage } from '@bec/contracts';

/** Every board query key comes from here: one column per stage and set of grid filters. */
export const pipelineKeys = {
  all: ['pipeline'] as const,
  columns: () => [...pipelineKeys.all, 'column'] as const,
  column: (stage: PropertyStage, filters: string) =>
    [...pipelineKeys.columns(), stage, filters] as const,
};

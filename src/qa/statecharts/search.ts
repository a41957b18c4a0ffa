/**
 * `/statecharts?machine=login&view=simulate&input=start&play=[…]`: the machine on screen, the panel,
 * and the simulator's played path (input label and event labels), so a played path is a link. Kept
 * tiny and free of imports: the route's search parsing is in the main bundle.
 */

export const VIEWS = ['paths', 'simulate', 'replay', 'coverage', 'live'] as const;
export type View = (typeof VIEWS)[number];

export interface StatechartsSearch {
  machine?: string;
  view?: View;
  input?: string;
  play?: string[];
}

const text = (value: unknown) => (typeof value === 'string' && value ? value : undefined);

export function parseStatechartsSearch(search: Record<string, unknown>): StatechartsSearch {
  const view = VIEWS.find((candidate) => candidate === search.view);
  const play = Array.isArray(search.play)
    ? search.play.filter((label): label is string => typeof label === 'string')
    : undefined;
  return { machine: text(search.machine), view, input: text(search.input), play };
}

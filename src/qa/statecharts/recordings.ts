import type { MachineFixture } from './fixtures';
import type { PropertyPath } from './replay';

/**
 * The recorded paths the viewer replays, loaded when a panel needs them: a machine's committed path
 * fixtures (each file its own chunk, as the walked-by reports) and the property walks' regression paths.
 */

export async function loadFixture(machine: string): Promise<MachineFixture | undefined> {
  const files = import.meta.glob<MachineFixture>('../../../tests/fixtures/paths/*.json', {
    import: 'default',
  });
  const load = files[`../../../tests/fixtures/paths/${machine}.json`];
  return load ? load() : undefined;
}

export async function loadRegressions(): Promise<PropertyPath[]> {
  const { default: regressions } = await import('../../../tests/property/regressions.json');
  return regressions;
}

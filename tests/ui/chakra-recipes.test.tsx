import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// The recipes the system leaves out (src/ui/recipes.ts) style a component only when passed as its
// `recipe` prop; a component without one renders unstyled and Chakra says nothing. This test says it instead.
const root = path.join(import.meta.dirname, '..', '..');
const recipesSource = readFileSync(path.join(root, 'src', 'ui', 'recipes.ts'), 'utf8');

const componentName = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);

/**
 * `tabsSlotRecipe as tabsRecipe` or `export const dialogRecipe = defineSlotRecipe(…)` (a restyled one)
 * → `Dialog`: the namespace whose Root each slot recipe styles.
 */
const namespaces = new Map(
  [
    ...recipesSource.matchAll(/SlotRecipe as (\w+)Recipe\b/g),
    ...recipesSource.matchAll(/export const (\w+)Recipe = defineSlotRecipe\(/g),
  ].map(([, name = '']) => [componentName(name), `${name}Recipe`]),
);

/** `export { badgeRecipe }` → `Badge`: the component each plain recipe styles. */
const components = new Map(
  [...recipesSource.matchAll(/export \{ (\w+)Recipe \}/g)].map(([, name = '']) => [
    componentName(name),
    `${name}Recipe`,
  ]),
);

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.tsx') ? [full] : [];
  });
}

/** Every `<X.Root …>` of a namespace whose recipe lives outside the system, and whether it has `recipe`. */
function rootsIn(file: string): { where: string; namespace: string; hasRecipe: boolean }[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const found: { where: string; namespace: string; hasRecipe: boolean }[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isJsxOpeningElement(node) || ts.isJsxSelfClosingElement(node)) {
      const tag = node.tagName;
      const styled =
        ts.isPropertyAccessExpression(tag) &&
        tag.name.text === 'Root' &&
        ts.isIdentifier(tag.expression) &&
        namespaces.has(tag.expression.text)
          ? `${tag.expression.text}.Root`
          : ts.isIdentifier(tag) && components.has(tag.text)
            ? tag.text
            : null;
      if (styled) {
        const { line } = source.getLineAndCharacterOfPosition(node.getStart());
        found.push({
          where: `${path.relative(root, file)}:${line + 1}`,
          namespace: styled,
          hasRecipe: node.attributes.properties.some(
            (attribute) =>
              ts.isJsxAttribute(attribute) &&
              ts.isIdentifier(attribute.name) &&
              attribute.name.text === 'recipe',
          ),
        });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('Chakra recipes kept out of the system', () => {
  const roots = sourceFiles(path.join(root, 'src')).flatMap(rootsIn);

  it('are read from src/ui/recipes.ts', () => {
    expect(namespaces.get('Dialog')).toBe('dialogRecipe');
    expect(namespaces.get('NativeSelect')).toBe('nativeSelectRecipe');
    expect(components.get('Badge')).toBe('badgeRecipe');
    expect(components.get('Skeleton')).toBe('skeletonRecipe');
  });

  it('are passed as `recipe` to every Root of their component, and to every plain component', () => {
    expect(roots.some((found) => found.namespace.endsWith('.Root'))).toBe(true);
    expect(roots.some((found) => found.namespace === 'Badge')).toBe(true);
    const unstyled = roots
      .filter((found) => !found.hasRecipe)
      .map((found) => `${found.where} ${found.namespace}`);
    expect(unstyled, `pass recipe={${'<name>'}Recipe} from src/ui/recipes.ts`).toEqual([]);
  });
});

import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// The slot recipes the system leaves out (src/ui/recipes.ts) style a component only when passed as its
// `recipe` prop; a Root without one renders unstyled and Chakra says nothing. This test says it instead.
const root = path.join(import.meta.dirname, '..', '..');
const recipesSource = readFileSync(path.join(root, 'src', 'ui', 'recipes.ts'), 'utf8');

/** `dialogRecipe` → `Dialog`, `nativeSelectRecipe` → `NativeSelect`: the namespace each recipe styles. */
const namespaces = new Map(
  [...recipesSource.matchAll(/as (\w+)Recipe\b/g)].map(([, name = '']) => [
    name.charAt(0).toUpperCase() + name.slice(1),
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
      if (
        ts.isPropertyAccessExpression(tag) &&
        tag.name.text === 'Root' &&
        ts.isIdentifier(tag.expression) &&
        namespaces.has(tag.expression.text)
      ) {
        const { line } = source.getLineAndCharacterOfPosition(node.getStart());
        found.push({
          where: `${path.relative(root, file)}:${line + 1}`,
          namespace: tag.expression.text,
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

describe('Chakra slot recipes kept out of the system', () => {
  const roots = sourceFiles(path.join(root, 'src')).flatMap(rootsIn);

  it('are read from src/ui/recipes.ts', () => {
    expect(namespaces.get('Dialog')).toBe('dialogRecipe');
    expect(namespaces.get('NativeSelect')).toBe('nativeSelectRecipe');
  });

  it('are passed as `recipe` to every Root of their component', () => {
    expect(roots.length).toBeGreaterThan(0);
    const unstyled = roots
      .filter((found) => !found.hasRecipe)
      .map((found) => `${found.where} ${found.namespace}.Root`);
    expect(unstyled, `pass recipe={${'<name>'}Recipe} from src/ui/recipes.ts`).toEqual([]);
  });
});

// @ts-check
/**
 * A Stryker ignorer (`ignorers: ['requirements']`): no mutant in the requirement ids the statecharts carry
 * (`meta: implementing(…)`, `requirements: {…}` of string lists, `…Requirements`-typed constants, and the
 * bodies of `implementing` and `traceParts`). They are traceability data that no behaviour reads, so a
 * mutant there would only "survive" and bury the behaviour's survivors.
 */
import { declareValuePlugin, PluginKind } from '@stryker-mutator/api/plugin';

const REASON =
  'Requirement ids (traceability meta, not behaviour): scripts/mutation/requirements-ignorer.mjs';
const WRAPPERS = new Set(['implementing', 'traceParts']);

/** @param {any} node */
const keyName = (node) =>
  node.key?.type === 'Identifier'
    ? node.key.name
    : node.key?.type === 'StringLiteral'
      ? node.key.value
      : undefined;

/** @param {any} node `meta: implementing(…)` */
const isRequirementsMeta = (node) =>
  node.type === 'ObjectProperty' &&
  keyName(node) === 'meta' &&
  node.value.type === 'CallExpression' &&
  node.value.callee.type === 'Identifier' &&
  node.value.callee.name === 'implementing';

/** @param {any} node an object expression whose every property is a list of string literals */
const isIdLists = (node) =>
  node?.type === 'ObjectExpression' &&
  node.properties.every(
    (/** @type {any} */ property) =>
      property.type === 'ObjectProperty' &&
      property.value.type === 'ArrayExpression' &&
      property.value.elements.every((/** @type {any} */ element) => element?.type === 'StringLiteral'),
  );

/** @param {any} node `const X: FormRequirements = { submit: ['R-…'], … }` */
const isRequirementsConstant = (node) => {
  const annotation = node.id?.typeAnnotation?.typeAnnotation;
  return (
    node.type === 'VariableDeclarator' &&
    annotation?.type === 'TSTypeReference' &&
    annotation.typeName.type === 'Identifier' &&
    annotation.typeName.name.endsWith('Requirements') &&
    isIdLists(node.init)
  );
};

/** @type {import('@stryker-mutator/api/ignore').Ignorer} */
const requirementsIgnorer = {
  shouldIgnore(nodePath) {
    const path = /** @type {any} */ (nodePath);
    const node = path.node;
    if (isRequirementsMeta(node)) return REASON;
    if (node.type === 'ObjectProperty' && keyName(node) === 'requirements' && isIdLists(node.value)) {
      return REASON;
    }
    if (isRequirementsConstant(node)) return REASON;
    // A state that is only its requirements (`loading: { meta: implementing(…) }`): emptied, it is the
    // same state without them.
    if (
      node.type === 'ObjectExpression' &&
      node.properties.length > 0 &&
      node.properties.every(isRequirementsMeta)
    ) {
      return REASON;
    }
    if (node.type === 'FunctionDeclaration' && WRAPPERS.has(node.id?.name)) return REASON;
    return undefined;
  },
};

export const strykerPlugins = [declareValuePlugin(PluginKind.Ignore, 'requirements', requirementsIgnorer)];

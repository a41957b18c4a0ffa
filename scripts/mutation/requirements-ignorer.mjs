// @ts-check
/**
 * A Stryker ignorer (`ignorers: ['requirements']` in stryker.config.mjs): no mutant in the spec
 * requirement ids the statecharts carry (src/machines/requirements.ts). Why: they are traceability data,
 * not behaviour — no machine, guard, action or screen reads a state's or transition's `meta`; only the
 * requirements trace does (src/qa/requirements/trace.ts, checked by tests/model/requirements.test.ts,
 * which the mutation tests leave out, as they leave out every test of generated texts). A mutant there
 * would only ever "survive" and bury the behaviour's survivors among dozens of id strings.
 *
 * Ignored (the whole node, so every mutant inside it):
 * - `meta: implementing('R-…', …)`, a state's or transition's requirement ids, and an object that is
 *   nothing else (a state whose config is only its meta);
 * - `requirements: { submit: ['R-…'], … }`, a form or confirmation declaration's ids by part — only an
 *   object of plain string lists, so a `requirements` of any other shape is still mutated;
 * - the same object declared once for several machines, `const X: FormRequirements = { … }` (a
 *   declaration typed as one of src/machines' `…Requirements` types, e.g. `ITEM_FORM_REQUIREMENTS`);
 * - the bodies of `implementing` and `traceParts` themselves, which only wrap the ids as `meta` (a
 *   chart's `meta: trace.submit` holds no literal).
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

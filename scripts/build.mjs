// `npm run build`: the SPA (dist/web/) and the compiled server (dist/server/), always rebuilt.
// `node scripts/build.mjs server` builds one part.
import { build, PARTS } from './build-parts.mjs';

const asked = process.argv.slice(2);
const unknown = asked.filter((name) => !(name in PARTS));
if (unknown.length > 0) {
  process.stderr.write(
    `build: unknown part(s) ${unknown.join(', ')}; parts: ${Object.keys(PARTS).join(', ')}\n`,
  );
  process.exit(2);
}
try {
  build(asked.length > 0 ? asked : Object.keys(PARTS));
} catch (error) {
  process.stderr.write(`build failed: ${error.message}\n`);
  process.exit(1);
}

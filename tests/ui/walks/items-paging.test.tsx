import { modelByName } from '../../../src/qa/statecharts/models';
import { pagingDriver } from './paging-driver';
import { describeUiWalk } from './runner';

/** itemsPaging through /items (see paging-driver.ts for how each event is produced). */
const session = modelByName('session');
await describeUiWalk(pagingDriver('itemsPaging'), session ? [session] : []);

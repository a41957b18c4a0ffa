import { modelByName } from '../../../src/qa/statecharts/models';
import { pagingDriver } from './paging-driver';
import { describeUiWalk } from './runner';

/** usersPaging through /admin (see paging-driver.ts for how each event is produced). */
const session = modelByName('session');
await describeUiWalk(pagingDriver('usersPaging'), session ? [session] : []);

import { testSpecRoutesOf } from '../../test-support/e2e/area-routes';

testSpecRoutesOf('scorecard');

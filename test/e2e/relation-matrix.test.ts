// The relation matrix replayed against Strapi 5.54's answers on sqlite (test/relation-matrix/replay-suite.ts).
import { describeRelationMatrix } from '../relation-matrix/replay-suite';

describeRelationMatrix('sqlite');

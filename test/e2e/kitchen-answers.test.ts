// The kitchen kit's answers replayed against Strapi 5.54's on sqlite (test/kitchen/replay-suite.ts).
import { describeKitchenAnswers } from '../kitchen/replay-suite';

describeKitchenAnswers('sqlite');

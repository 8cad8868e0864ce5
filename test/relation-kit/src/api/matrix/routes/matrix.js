'use strict';

// The Document Service as a route, for the relation matrix (test/relation-matrix): the same file
// runs in real Strapi and in the generated app, so strapi.documents() is recorded like REST.
module.exports = {
  routes: [{ method: 'POST', path: '/matrix/documents', handler: 'matrix.run', config: { auth: false } }],
};

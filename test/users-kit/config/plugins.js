'use strict';

// The users kit's plugin settings, read by real Strapi and by the app cms-gen builds from the kit.
module.exports = ({ env }) => ({
  'users-permissions': {
    config: {
      jwtSecret: env('JWT_SECRET', 'users-kit-jwt-secret'),
      register: {
        allowedFields: ['job', 'level', 'team', 'picture', 'profile', 'secretNote'],
      },
      ratelimit: {
        enabled: env.bool('UP_RATELIMIT', false),
      },
    },
  },
  graphql: {
    enabled: true,
    config: { endpoint: '/graphql', shadowCRUD: true, maxLimit: 100, depthLimit: 10 },
  },
});

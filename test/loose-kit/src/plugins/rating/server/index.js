'use strict';

module.exports = {
  register: require('./register'),
};

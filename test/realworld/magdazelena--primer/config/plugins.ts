export default () => ({
  "primershop-status-manager": {
    enabled: true,
  },
  "primershop-product-actions": {
    enabled: true,
  },
});

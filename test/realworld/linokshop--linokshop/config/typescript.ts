export default ({ env }) => ({
  autogenerate: true,
})

import { Card, CardActionArea, CardContent, Grid, Typography } from '@mui/material';
import { Title, useGetIdentity, usePermissions } from 'react-admin';
import { Link } from 'react-router-dom';
import { hasMeta, meta, resourceOf } from './meta';
import { can, type Grants } from './permissions';

export function Dashboard() {
  const { identity } = useGetIdentity();
  const { permissions } = usePermissions<Grants>();
  const types = hasMeta() ? meta().contentTypes.filter((ct) => can(permissions, 'read', ct.uid)) : [];
  return (
    <div>
      <Title title="Content manager" />
      <Typography variant="h5" sx={{ my: 2 }}>
        Welcome{identity?.fullName ? `, ${identity.fullName}` : ''}
      </Typography>
      <Grid container spacing={2}>
        {types.map((ct) => (
          <Grid key={ct.uid} size={{ xs: 12, sm: 6, md: 4 }}>
            <Card>
              <CardActionArea component={Link} to={ct.kind === 'singleType' ? `/single/${ct.singularName}` : `/${resourceOf(ct)}`}>
                <CardContent>
                  <Typography variant="h6">{ct.displayName}</Typography>
                  <Typography variant="body2" color="text.secondary">
                    {ct.kind === 'singleType' ? 'Single type' : 'Collection type'}
                    {ct.draftAndPublish ? ' · draft & publish' : ''}
                    {ct.localized ? ' · localized' : ''}
                  </Typography>
                </CardContent>
              </CardActionArea>
            </Card>
          </Grid>
        ))}
      </Grid>
    </div>
  );
}

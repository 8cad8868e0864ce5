import{$t as e,Bt as t,Ct as n,Dr as r,Dt as i,Et as a,It as o,Kt as s,Mr as c,Q as l,Qt as u,Xt as d,Yt as f,Zt as p,an as m,cn as h,dn as g,kr as _,ln as v,mn as y,on as b,pn as x,rn as S,un as C,wt as w}from"./api-TxLS6Rv6.js";var T=c(_()),E=r(),D=S(),O=f(`div`,{name:`MuiStack`,slot:`Root`});function k(e){return s({props:e,name:`MuiStack`,defaultTheme:D})}function A(e,t){let n=T.Children.toArray(e).filter(Boolean);return n.reduce((e,r,i)=>(e.push(r),i<n.length-1&&e.push(T.cloneElement(t,{key:`separator-${i}`})),e),[])}var j=e=>({row:`Left`,"row-reverse":`Right`,column:`Top`,"column-reverse":`Bottom`})[e],M=({ownerState:e,theme:t})=>{let n={display:`flex`,flexDirection:`column`,...h({theme:t},C({values:e.direction,breakpoints:t.breakpoints.values}),e=>({flexDirection:e}))};if(e.spacing){let r=m(t),i=Object.keys(t.breakpoints.values).reduce((t,n)=>((typeof e.spacing==`object`&&e.spacing[n]!=null||typeof e.direction==`object`&&e.direction[n]!=null)&&(t[n]=!0),t),{}),a=C({values:e.direction,base:i}),o=C({values:e.spacing,base:i});typeof a==`object`&&Object.keys(a).forEach((e,t,n)=>{if(!a[e]){let r=t>0?a[n[t-1]]:`column`;a[e]=r}}),n=g(n,h({theme:t},o,(t,n)=>e.useFlexGap?{gap:b(r,t)}:{"& > :not(style):not(style)":{margin:0},"& > :not(style) ~ :not(style)":{[`margin${j(n?a[n]:e.direction)}`]:b(r,t)}}))}return n=v(t.breakpoints,n),n};function N(t={}){let{createStyledComponent:n=O,useThemeProps:r=k,componentName:i=`MuiStack`}=t,a=()=>o({root:[`root`]},e=>p(i,e),{}),s=n(M);return T.forwardRef(function(t,n){let i=r(t),{component:o=`div`,direction:c=`column`,spacing:l=0,divider:d,children:f,className:p,useFlexGap:m=!1,...h}=e(i),g={direction:c,spacing:l,useFlexGap:m},_=a();return(0,E.jsx)(s,{as:o,ownerState:g,ref:n,className:u(_.root,p),...h,children:d?A(f,d):f})})}function P(e){return p(`MuiLinearProgress`,e)}d(`MuiLinearProgress`,[`root`,`colorPrimary`,`colorSecondary`,`determinate`,`indeterminate`,`buffer`,`query`,`dashed`,`dashedColorPrimary`,`dashedColorSecondary`,`bar`,`bar1`,`bar2`,`barColorPrimary`,`barColorSecondary`,`bar1Indeterminate`,`bar1Determinate`,`bar1Buffer`,`bar2Indeterminate`,`bar2Buffer`]);var F=4,I=y`
  0% {
    left: -35%;
    right: 100%;
  }

  60% {
    left: 100%;
    right: -90%;
  }

  100% {
    left: 100%;
    right: -90%;
  }
`,L=typeof I==`string`?null:x`
        animation: ${I} 2.1s cubic-bezier(0.65, 0.815, 0.735, 0.395) infinite;
      `,R=y`
  0% {
    left: -200%;
    right: 100%;
  }

  60% {
    left: 107%;
    right: -8%;
  }

  100% {
    left: 107%;
    right: -8%;
  }
`,z=typeof R==`string`?null:x`
        animation: ${R} 2.1s cubic-bezier(0.165, 0.84, 0.44, 1) 1.15s infinite;
      `,B=y`
  0% {
    opacity: 1;
    background-position: 0 -23px;
  }

  60% {
    opacity: 0;
    background-position: 0 -23px;
  }

  100% {
    opacity: 1;
    background-position: -200px -23px;
  }
`,V=typeof B==`string`?null:x`
        animation: ${B} 3s infinite linear;
      `,H=e=>{let{classes:t,variant:n,color:r}=e,i={root:[`root`,`color${a(r)}`,n],dashed:[`dashed`,`dashedColor${a(r)}`],bar1:[`bar`,`bar1`,`barColor${a(r)}`,(n===`indeterminate`||n===`query`)&&`bar1Indeterminate`,n===`determinate`&&`bar1Determinate`,n===`buffer`&&`bar1Buffer`],bar2:[`bar`,`bar2`,n!==`buffer`&&`barColor${a(r)}`,n===`buffer`&&`color${a(r)}`,(n===`indeterminate`||n===`query`)&&`bar2Indeterminate`,n===`buffer`&&`bar2Buffer`]};return o(i,P,t)},U=(e,t)=>e.vars?e.vars.palette.LinearProgress[`${t}Bg`]:e.palette.mode===`light`?e.lighten(e.palette[t].main,.62):e.darken(e.palette[t].main,.5),W=i(`span`,{name:`MuiLinearProgress`,slot:`Root`,overridesResolver:(e,t)=>{let{ownerState:n}=e;return[t.root,t[`color${a(n.color)}`],t[n.variant]]}})(w(({theme:e})=>({position:`relative`,overflow:`hidden`,display:`block`,height:4,zIndex:0,"@media print":{colorAdjust:`exact`},variants:[...Object.entries(e.palette).filter(l()).map(([t])=>({props:{color:t},style:{backgroundColor:U(e,t)}})),{props:({ownerState:e})=>e.color===`inherit`&&e.variant!==`buffer`,style:{"&::before":{content:`""`,position:`absolute`,left:0,top:0,right:0,bottom:0,backgroundColor:`currentColor`,opacity:.3}}},{props:{variant:`buffer`},style:{backgroundColor:`transparent`}},{props:{variant:`query`},style:{transform:`rotate(180deg)`}}]}))),G=i(`span`,{name:`MuiLinearProgress`,slot:`Dashed`,overridesResolver:(e,t)=>{let{ownerState:n}=e;return[t.dashed,t[`dashedColor${a(n.color)}`]]}})(w(({theme:e})=>({position:`absolute`,marginTop:0,height:`100%`,width:`100%`,backgroundSize:`10px 10px`,backgroundPosition:`0 -23px`,variants:[{props:{color:`inherit`},style:{opacity:.3,backgroundImage:`radial-gradient(currentColor 0%, currentColor 16%, transparent 42%)`}},...Object.entries(e.palette).filter(l()).map(([t])=>{let n=U(e,t);return{props:{color:t},style:{backgroundImage:`radial-gradient(${n} 0%, ${n} 16%, transparent 42%)`}}})]})),V||{animation:`${B} 3s infinite linear`}),K=i(`span`,{name:`MuiLinearProgress`,slot:`Bar1`,overridesResolver:(e,t)=>{let{ownerState:n}=e;return[t.bar,t.bar1,t[`barColor${a(n.color)}`],(n.variant===`indeterminate`||n.variant===`query`)&&t.bar1Indeterminate,n.variant===`determinate`&&t.bar1Determinate,n.variant===`buffer`&&t.bar1Buffer]}})(w(({theme:e})=>({width:`100%`,position:`absolute`,left:0,bottom:0,top:0,transition:`transform 0.2s linear`,transformOrigin:`left`,variants:[{props:{color:`inherit`},style:{backgroundColor:`currentColor`}},...Object.entries(e.palette).filter(l()).map(([t])=>({props:{color:t},style:{backgroundColor:(e.vars||e).palette[t].main}})),{props:{variant:`determinate`},style:{transition:`transform .${F}s linear`}},{props:{variant:`buffer`},style:{zIndex:1,transition:`transform .${F}s linear`}},{props:({ownerState:e})=>e.variant===`indeterminate`||e.variant===`query`,style:{width:`auto`}},{props:({ownerState:e})=>e.variant===`indeterminate`||e.variant===`query`,style:L||{animation:`${I} 2.1s cubic-bezier(0.65, 0.815, 0.735, 0.395) infinite`}}]}))),q=i(`span`,{name:`MuiLinearProgress`,slot:`Bar2`,overridesResolver:(e,t)=>{let{ownerState:n}=e;return[t.bar,t.bar2,t[`barColor${a(n.color)}`],(n.variant===`indeterminate`||n.variant===`query`)&&t.bar2Indeterminate,n.variant===`buffer`&&t.bar2Buffer]}})(w(({theme:e})=>({width:`100%`,position:`absolute`,left:0,bottom:0,top:0,transition:`transform 0.2s linear`,transformOrigin:`left`,variants:[...Object.entries(e.palette).filter(l()).map(([t])=>({props:{color:t},style:{"--LinearProgressBar2-barColor":(e.vars||e).palette[t].main}})),{props:({ownerState:e})=>e.variant!==`buffer`&&e.color!==`inherit`,style:{backgroundColor:`var(--LinearProgressBar2-barColor, currentColor)`}},{props:({ownerState:e})=>e.variant!==`buffer`&&e.color===`inherit`,style:{backgroundColor:`currentColor`}},{props:{color:`inherit`},style:{opacity:.3}},...Object.entries(e.palette).filter(l()).map(([t])=>({props:{color:t,variant:`buffer`},style:{backgroundColor:U(e,t),transition:`transform .${F}s linear`}})),{props:({ownerState:e})=>e.variant===`indeterminate`||e.variant===`query`,style:{width:`auto`}},{props:({ownerState:e})=>e.variant===`indeterminate`||e.variant===`query`,style:z||{animation:`${R} 2.1s cubic-bezier(0.165, 0.84, 0.44, 1) 1.15s infinite`}}]}))),J=T.forwardRef(function(e,r){let i=n({props:e,name:`MuiLinearProgress`}),{className:a,color:o=`primary`,value:s,valueBuffer:c,variant:l=`indeterminate`,...d}=i,f={...i,color:o,variant:l},p=H(f),m=t(),h={},g={bar1:{},bar2:{}};if((l===`determinate`||l===`buffer`)&&s!==void 0){h[`aria-valuenow`]=Math.round(s),h[`aria-valuemin`]=0,h[`aria-valuemax`]=100;let e=s-100;m&&(e=-e),g.bar1.transform=`translateX(${e}%)`}if(l===`buffer`&&c!==void 0){let e=(c||0)-100;m&&(e=-e),g.bar2.transform=`translateX(${e}%)`}return(0,E.jsxs)(W,{className:u(p.root,a),ownerState:f,role:`progressbar`,...h,ref:r,...d,children:[l===`buffer`?(0,E.jsx)(G,{className:p.dashed,ownerState:f}):null,(0,E.jsx)(K,{className:p.bar1,ownerState:f,style:g.bar1}),l===`determinate`?null:(0,E.jsx)(q,{className:p.bar2,ownerState:f,style:g.bar2})]})}),Y=N({createStyledComponent:i(`div`,{name:`MuiStack`,slot:`Root`}),useThemeProps:e=>n({props:e,name:`MuiStack`})});export{J as n,Y as t};
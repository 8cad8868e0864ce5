import{$ as e,$t as t,Ar as n,Dt as r,Lt as i,Nr as a,Or as o,Ot as s,Qt as c,Tt as l,Vt as u,Xt as d,Zt as f,dn as p,en as m,fn as h,hn as g,in as _,ln as v,mn as y,on as b,qt as x,sn as S,un as C,wt as w}from"./api-C4PEcK4e.js";var T=a(n()),E=o(),D=_(),O=d(`div`,{name:`MuiStack`,slot:`Root`});function k(e){return x({props:e,name:`MuiStack`,defaultTheme:D})}function A(e,t){let n=T.Children.toArray(e).filter(Boolean);return n.reduce((e,r,i)=>(e.push(r),i<n.length-1&&e.push(T.cloneElement(t,{key:`separator-${i}`})),e),[])}var j=e=>({row:`Left`,"row-reverse":`Right`,column:`Top`,"column-reverse":`Bottom`})[e],M=({ownerState:e,theme:t})=>{let n={display:`flex`,flexDirection:`column`,...v({theme:t},p({values:e.direction,breakpoints:t.breakpoints.values}),e=>({flexDirection:e}))};if(e.spacing){let r=b(t),i=Object.keys(t.breakpoints.values).reduce((t,n)=>((typeof e.spacing==`object`&&e.spacing[n]!=null||typeof e.direction==`object`&&e.direction[n]!=null)&&(t[n]=!0),t),{}),a=p({values:e.direction,base:i}),o=p({values:e.spacing,base:i});typeof a==`object`&&Object.keys(a).forEach((e,t,n)=>{if(!a[e]){let r=t>0?a[n[t-1]]:`column`;a[e]=r}}),n=h(n,v({theme:t},o,(t,n)=>e.useFlexGap?{gap:S(r,t)}:{"& > :not(style):not(style)":{margin:0},"& > :not(style) ~ :not(style)":{[`margin${j(n?a[n]:e.direction)}`]:S(r,t)}}))}return n=C(t.breakpoints,n),n};function N(e={}){let{createStyledComponent:n=O,useThemeProps:r=k,componentName:a=`MuiStack`}=e,o=()=>i({root:[`root`]},e=>c(a,e),{}),s=n(M);return T.forwardRef(function(e,n){let i=r(e),{component:a=`div`,direction:c=`column`,spacing:l=0,divider:u,children:d,className:f,useFlexGap:p=!1,...h}=m(i),g={direction:c,spacing:l,useFlexGap:p},_=o();return(0,E.jsx)(s,{as:a,ownerState:g,ref:n,className:t(_.root,f),...h,children:u?A(d,u):d})})}function P(e){return c(`MuiLinearProgress`,e)}f(`MuiLinearProgress`,[`root`,`colorPrimary`,`colorSecondary`,`determinate`,`indeterminate`,`buffer`,`query`,`dashed`,`dashedColorPrimary`,`dashedColorSecondary`,`bar`,`bar1`,`bar2`,`barColorPrimary`,`barColorSecondary`,`bar1Indeterminate`,`bar1Determinate`,`bar1Buffer`,`bar2Indeterminate`,`bar2Buffer`]);var F=4,I=g`
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
`,L=typeof I==`string`?null:y`
        animation: ${I} 2.1s cubic-bezier(0.65, 0.815, 0.735, 0.395) infinite;
      `,R=g`
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
`,z=typeof R==`string`?null:y`
        animation: ${R} 2.1s cubic-bezier(0.165, 0.84, 0.44, 1) 1.15s infinite;
      `,B=g`
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
`,V=typeof B==`string`?null:y`
        animation: ${B} 3s infinite linear;
      `,H=e=>{let{classes:t,variant:n,color:a}=e,o={root:[`root`,`color${r(a)}`,n],dashed:[`dashed`,`dashedColor${r(a)}`],bar1:[`bar`,`bar1`,`barColor${r(a)}`,(n===`indeterminate`||n===`query`)&&`bar1Indeterminate`,n===`determinate`&&`bar1Determinate`,n===`buffer`&&`bar1Buffer`],bar2:[`bar`,`bar2`,n!==`buffer`&&`barColor${r(a)}`,n===`buffer`&&`color${r(a)}`,(n===`indeterminate`||n===`query`)&&`bar2Indeterminate`,n===`buffer`&&`bar2Buffer`]};return i(o,P,t)},U=(e,t)=>e.vars?e.vars.palette.LinearProgress[`${t}Bg`]:e.palette.mode===`light`?e.lighten(e.palette[t].main,.62):e.darken(e.palette[t].main,.5),W=s(`span`,{name:`MuiLinearProgress`,slot:`Root`,overridesResolver:(e,t)=>{let{ownerState:n}=e;return[t.root,t[`color${r(n.color)}`],t[n.variant]]}})(l(({theme:t})=>({position:`relative`,overflow:`hidden`,display:`block`,height:4,zIndex:0,"@media print":{colorAdjust:`exact`},variants:[...Object.entries(t.palette).filter(e()).map(([e])=>({props:{color:e},style:{backgroundColor:U(t,e)}})),{props:({ownerState:e})=>e.color===`inherit`&&e.variant!==`buffer`,style:{"&::before":{content:`""`,position:`absolute`,left:0,top:0,right:0,bottom:0,backgroundColor:`currentColor`,opacity:.3}}},{props:{variant:`buffer`},style:{backgroundColor:`transparent`}},{props:{variant:`query`},style:{transform:`rotate(180deg)`}}]}))),G=s(`span`,{name:`MuiLinearProgress`,slot:`Dashed`,overridesResolver:(e,t)=>{let{ownerState:n}=e;return[t.dashed,t[`dashedColor${r(n.color)}`]]}})(l(({theme:t})=>({position:`absolute`,marginTop:0,height:`100%`,width:`100%`,backgroundSize:`10px 10px`,backgroundPosition:`0 -23px`,variants:[{props:{color:`inherit`},style:{opacity:.3,backgroundImage:`radial-gradient(currentColor 0%, currentColor 16%, transparent 42%)`}},...Object.entries(t.palette).filter(e()).map(([e])=>{let n=U(t,e);return{props:{color:e},style:{backgroundImage:`radial-gradient(${n} 0%, ${n} 16%, transparent 42%)`}}})]})),V||{animation:`${B} 3s infinite linear`}),K=s(`span`,{name:`MuiLinearProgress`,slot:`Bar1`,overridesResolver:(e,t)=>{let{ownerState:n}=e;return[t.bar,t.bar1,t[`barColor${r(n.color)}`],(n.variant===`indeterminate`||n.variant===`query`)&&t.bar1Indeterminate,n.variant===`determinate`&&t.bar1Determinate,n.variant===`buffer`&&t.bar1Buffer]}})(l(({theme:t})=>({width:`100%`,position:`absolute`,left:0,bottom:0,top:0,transition:`transform 0.2s linear`,transformOrigin:`left`,variants:[{props:{color:`inherit`},style:{backgroundColor:`currentColor`}},...Object.entries(t.palette).filter(e()).map(([e])=>({props:{color:e},style:{backgroundColor:(t.vars||t).palette[e].main}})),{props:{variant:`determinate`},style:{transition:`transform .${F}s linear`}},{props:{variant:`buffer`},style:{zIndex:1,transition:`transform .${F}s linear`}},{props:({ownerState:e})=>e.variant===`indeterminate`||e.variant===`query`,style:{width:`auto`}},{props:({ownerState:e})=>e.variant===`indeterminate`||e.variant===`query`,style:L||{animation:`${I} 2.1s cubic-bezier(0.65, 0.815, 0.735, 0.395) infinite`}}]}))),q=s(`span`,{name:`MuiLinearProgress`,slot:`Bar2`,overridesResolver:(e,t)=>{let{ownerState:n}=e;return[t.bar,t.bar2,t[`barColor${r(n.color)}`],(n.variant===`indeterminate`||n.variant===`query`)&&t.bar2Indeterminate,n.variant===`buffer`&&t.bar2Buffer]}})(l(({theme:t})=>({width:`100%`,position:`absolute`,left:0,bottom:0,top:0,transition:`transform 0.2s linear`,transformOrigin:`left`,variants:[...Object.entries(t.palette).filter(e()).map(([e])=>({props:{color:e},style:{"--LinearProgressBar2-barColor":(t.vars||t).palette[e].main}})),{props:({ownerState:e})=>e.variant!==`buffer`&&e.color!==`inherit`,style:{backgroundColor:`var(--LinearProgressBar2-barColor, currentColor)`}},{props:({ownerState:e})=>e.variant!==`buffer`&&e.color===`inherit`,style:{backgroundColor:`currentColor`}},{props:{color:`inherit`},style:{opacity:.3}},...Object.entries(t.palette).filter(e()).map(([e])=>({props:{color:e,variant:`buffer`},style:{backgroundColor:U(t,e),transition:`transform .${F}s linear`}})),{props:({ownerState:e})=>e.variant===`indeterminate`||e.variant===`query`,style:{width:`auto`}},{props:({ownerState:e})=>e.variant===`indeterminate`||e.variant===`query`,style:z||{animation:`${R} 2.1s cubic-bezier(0.165, 0.84, 0.44, 1) 1.15s infinite`}}]}))),J=T.forwardRef(function(e,n){let r=w({props:e,name:`MuiLinearProgress`}),{className:i,color:a=`primary`,value:o,valueBuffer:s,variant:c=`indeterminate`,...l}=r,d={...r,color:a,variant:c},f=H(d),p=u(),m={},h={bar1:{},bar2:{}};if((c===`determinate`||c===`buffer`)&&o!==void 0){m[`aria-valuenow`]=Math.round(o),m[`aria-valuemin`]=0,m[`aria-valuemax`]=100;let e=o-100;p&&(e=-e),h.bar1.transform=`translateX(${e}%)`}if(c===`buffer`&&s!==void 0){let e=(s||0)-100;p&&(e=-e),h.bar2.transform=`translateX(${e}%)`}return(0,E.jsxs)(W,{className:t(f.root,i),ownerState:d,role:`progressbar`,...m,ref:n,...l,children:[c===`buffer`?(0,E.jsx)(G,{className:f.dashed,ownerState:d}):null,(0,E.jsx)(K,{className:f.bar1,ownerState:d,style:h.bar1}),c===`determinate`?null:(0,E.jsx)(q,{className:f.bar2,ownerState:d,style:h.bar2})]})}),Y=N({createStyledComponent:s(`div`,{name:`MuiStack`,slot:`Root`}),useThemeProps:e=>w({props:e,name:`MuiStack`})});export{J as n,Y as t};
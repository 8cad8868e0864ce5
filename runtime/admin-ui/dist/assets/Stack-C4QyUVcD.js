import{r as e}from"./rolldown-runtime-XKyaHtl9.js";import{B as t,D as n,E as r,F as i,G as a,I as o,N as s,Q as c,R as l,T as u,V as d,W as f,Z as p,_ as m,a as h,c as g,i as _,k as v,r as y,s as b,z as x}from"./Typography-C4ZMReq_.js";import{Dt as S,jt as C,kt as w}from"./api-DqtFQtU_.js";var T=e(c()),E=p(),D=s(),O=C(`div`,{name:`MuiStack`,slot:`Root`});function k(e){return w({props:e,name:`MuiStack`,defaultTheme:D})}function A(e,t){let n=T.Children.toArray(e).filter(Boolean);return n.reduce((e,r,i)=>(e.push(r),i<n.length-1&&e.push(T.cloneElement(t,{key:`separator-${i}`})),e),[])}var j=e=>({row:`Left`,"row-reverse":`Right`,column:`Top`,"column-reverse":`Bottom`})[e],M=({ownerState:e,theme:n})=>{let r={display:`flex`,flexDirection:`column`,...l({theme:n},t({values:e.direction,breakpoints:n.breakpoints.values}),e=>({flexDirection:e}))};if(e.spacing){let a=i(n),s=Object.keys(n.breakpoints.values).reduce((t,n)=>((typeof e.spacing==`object`&&e.spacing[n]!=null||typeof e.direction==`object`&&e.direction[n]!=null)&&(t[n]=!0),t),{}),c=t({values:e.direction,base:s}),u=t({values:e.spacing,base:s});typeof c==`object`&&Object.keys(c).forEach((e,t,n)=>{if(!c[e]){let r=t>0?c[n[t-1]]:`column`;c[e]=r}}),r=d(r,l({theme:n},u,(t,n)=>e.useFlexGap?{gap:o(a,t)}:{"& > :not(style):not(style)":{margin:0},"& > :not(style) ~ :not(style)":{[`margin${j(n?c[n]:e.direction)}`]:o(a,t)}}))}return r=x(n.breakpoints,r),r};function N(e={}){let{createStyledComponent:t=O,useThemeProps:i=k,componentName:a=`MuiStack`}=e,o=()=>m({root:[`root`]},e=>r(a,e),{}),s=t(M);return T.forwardRef(function(e,t){let r=i(e),{component:a=`div`,direction:c=`column`,spacing:l=0,divider:u,children:d,className:f,useFlexGap:p=!1,...m}=v(r),h={direction:c,spacing:l,useFlexGap:p},g=o();return(0,E.jsx)(s,{as:a,ownerState:h,ref:t,className:n(g.root,f),...m,children:u?A(d,u):d})})}function P(e){return r(`MuiLinearProgress`,e)}u(`MuiLinearProgress`,[`root`,`colorPrimary`,`colorSecondary`,`determinate`,`indeterminate`,`buffer`,`query`,`dashed`,`dashedColorPrimary`,`dashedColorSecondary`,`bar`,`bar1`,`bar2`,`barColorPrimary`,`barColorSecondary`,`bar1Indeterminate`,`bar1Determinate`,`bar1Buffer`,`bar2Indeterminate`,`bar2Buffer`]);var F=4,I=a`
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
`,L=typeof I==`string`?null:f`
        animation: ${I} 2.1s cubic-bezier(0.65, 0.815, 0.735, 0.395) infinite;
      `,R=a`
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
`,z=typeof R==`string`?null:f`
        animation: ${R} 2.1s cubic-bezier(0.165, 0.84, 0.44, 1) 1.15s infinite;
      `,B=a`
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
`,V=typeof B==`string`?null:f`
        animation: ${B} 3s infinite linear;
      `,H=e=>{let{classes:t,variant:n,color:r}=e,i={root:[`root`,`color${b(r)}`,n],dashed:[`dashed`,`dashedColor${b(r)}`],bar1:[`bar`,`bar1`,`barColor${b(r)}`,(n===`indeterminate`||n===`query`)&&`bar1Indeterminate`,n===`determinate`&&`bar1Determinate`,n===`buffer`&&`bar1Buffer`],bar2:[`bar`,`bar2`,n!==`buffer`&&`barColor${b(r)}`,n===`buffer`&&`color${b(r)}`,(n===`indeterminate`||n===`query`)&&`bar2Indeterminate`,n===`buffer`&&`bar2Buffer`]};return m(i,P,t)},U=(e,t)=>e.vars?e.vars.palette.LinearProgress[`${t}Bg`]:e.palette.mode===`light`?e.lighten(e.palette[t].main,.62):e.darken(e.palette[t].main,.5),W=g(`span`,{name:`MuiLinearProgress`,slot:`Root`,overridesResolver:(e,t)=>{let{ownerState:n}=e;return[t.root,t[`color${b(n.color)}`],t[n.variant]]}})(h(({theme:e})=>({position:`relative`,overflow:`hidden`,display:`block`,height:4,zIndex:0,"@media print":{colorAdjust:`exact`},variants:[...Object.entries(e.palette).filter(y()).map(([t])=>({props:{color:t},style:{backgroundColor:U(e,t)}})),{props:({ownerState:e})=>e.color===`inherit`&&e.variant!==`buffer`,style:{"&::before":{content:`""`,position:`absolute`,left:0,top:0,right:0,bottom:0,backgroundColor:`currentColor`,opacity:.3}}},{props:{variant:`buffer`},style:{backgroundColor:`transparent`}},{props:{variant:`query`},style:{transform:`rotate(180deg)`}}]}))),G=g(`span`,{name:`MuiLinearProgress`,slot:`Dashed`,overridesResolver:(e,t)=>{let{ownerState:n}=e;return[t.dashed,t[`dashedColor${b(n.color)}`]]}})(h(({theme:e})=>({position:`absolute`,marginTop:0,height:`100%`,width:`100%`,backgroundSize:`10px 10px`,backgroundPosition:`0 -23px`,variants:[{props:{color:`inherit`},style:{opacity:.3,backgroundImage:`radial-gradient(currentColor 0%, currentColor 16%, transparent 42%)`}},...Object.entries(e.palette).filter(y()).map(([t])=>{let n=U(e,t);return{props:{color:t},style:{backgroundImage:`radial-gradient(${n} 0%, ${n} 16%, transparent 42%)`}}})]})),V||{animation:`${B} 3s infinite linear`}),K=g(`span`,{name:`MuiLinearProgress`,slot:`Bar1`,overridesResolver:(e,t)=>{let{ownerState:n}=e;return[t.bar,t.bar1,t[`barColor${b(n.color)}`],(n.variant===`indeterminate`||n.variant===`query`)&&t.bar1Indeterminate,n.variant===`determinate`&&t.bar1Determinate,n.variant===`buffer`&&t.bar1Buffer]}})(h(({theme:e})=>({width:`100%`,position:`absolute`,left:0,bottom:0,top:0,transition:`transform 0.2s linear`,transformOrigin:`left`,variants:[{props:{color:`inherit`},style:{backgroundColor:`currentColor`}},...Object.entries(e.palette).filter(y()).map(([t])=>({props:{color:t},style:{backgroundColor:(e.vars||e).palette[t].main}})),{props:{variant:`determinate`},style:{transition:`transform .${F}s linear`}},{props:{variant:`buffer`},style:{zIndex:1,transition:`transform .${F}s linear`}},{props:({ownerState:e})=>e.variant===`indeterminate`||e.variant===`query`,style:{width:`auto`}},{props:({ownerState:e})=>e.variant===`indeterminate`||e.variant===`query`,style:L||{animation:`${I} 2.1s cubic-bezier(0.65, 0.815, 0.735, 0.395) infinite`}}]}))),q=g(`span`,{name:`MuiLinearProgress`,slot:`Bar2`,overridesResolver:(e,t)=>{let{ownerState:n}=e;return[t.bar,t.bar2,t[`barColor${b(n.color)}`],(n.variant===`indeterminate`||n.variant===`query`)&&t.bar2Indeterminate,n.variant===`buffer`&&t.bar2Buffer]}})(h(({theme:e})=>({width:`100%`,position:`absolute`,left:0,bottom:0,top:0,transition:`transform 0.2s linear`,transformOrigin:`left`,variants:[...Object.entries(e.palette).filter(y()).map(([t])=>({props:{color:t},style:{"--LinearProgressBar2-barColor":(e.vars||e).palette[t].main}})),{props:({ownerState:e})=>e.variant!==`buffer`&&e.color!==`inherit`,style:{backgroundColor:`var(--LinearProgressBar2-barColor, currentColor)`}},{props:({ownerState:e})=>e.variant!==`buffer`&&e.color===`inherit`,style:{backgroundColor:`currentColor`}},{props:{color:`inherit`},style:{opacity:.3}},...Object.entries(e.palette).filter(y()).map(([t])=>({props:{color:t,variant:`buffer`},style:{backgroundColor:U(e,t),transition:`transform .${F}s linear`}})),{props:({ownerState:e})=>e.variant===`indeterminate`||e.variant===`query`,style:{width:`auto`}},{props:({ownerState:e})=>e.variant===`indeterminate`||e.variant===`query`,style:z||{animation:`${R} 2.1s cubic-bezier(0.165, 0.84, 0.44, 1) 1.15s infinite`}}]}))),J=T.forwardRef(function(e,t){let r=_({props:e,name:`MuiLinearProgress`}),{className:i,color:a=`primary`,value:o,valueBuffer:s,variant:c=`indeterminate`,...l}=r,u={...r,color:a,variant:c},d=H(u),f=S(),p={},m={bar1:{},bar2:{}};if((c===`determinate`||c===`buffer`)&&o!==void 0){p[`aria-valuenow`]=Math.round(o),p[`aria-valuemin`]=0,p[`aria-valuemax`]=100;let e=o-100;f&&(e=-e),m.bar1.transform=`translateX(${e}%)`}if(c===`buffer`&&s!==void 0){let e=(s||0)-100;f&&(e=-e),m.bar2.transform=`translateX(${e}%)`}return(0,E.jsxs)(W,{className:n(d.root,i),ownerState:u,role:`progressbar`,...p,ref:t,...l,children:[c===`buffer`?(0,E.jsx)(G,{className:d.dashed,ownerState:u}):null,(0,E.jsx)(K,{className:d.bar1,ownerState:u,style:m.bar1}),c===`determinate`?null:(0,E.jsx)(q,{className:d.bar2,ownerState:u,style:m.bar2})]})}),Y=N({createStyledComponent:g(`div`,{name:`MuiStack`,slot:`Root`}),useThemeProps:e=>_({props:e,name:`MuiStack`})});export{J as n,Y as t};